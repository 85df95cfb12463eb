// Part 2 of 3 of the faithful-but-different catalogue (faithful-targets.suite.ts).
import { faithfulTargetsPart } from './faithful-targets.suite.ts';

faithfulTargetsPart(2, 3);
