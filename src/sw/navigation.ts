// App routes get the shell offline; never /api, /ws or anything that looks like a file.
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /\/[^./?]+\.[^/]+$/]
