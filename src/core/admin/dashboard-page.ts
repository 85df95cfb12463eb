export function dashboardPage(adminPath: string): string { return '<!doctype html><title>petstore-kit</title>' + adminPath; }
