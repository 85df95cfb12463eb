// Part 3 of 3 of the broken-target catalogue (broken-targets.suite.ts).
import { brokenTargetsPart } from './broken-targets.suite.ts';

brokenTargetsPart(3, 3);
