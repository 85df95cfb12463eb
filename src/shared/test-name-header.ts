/**
 * The request header a test sets to name itself (the setup files the kit ships set it; docs/rehearse.md): the
 * rehearsal reports the test behind each deprecated call, and a brownout draws each test's calls apart.
 */
export const TEST_NAME_HEADER = 'x-petstore-test';
