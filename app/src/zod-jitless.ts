import { config } from 'zod/v4/core';

// What `zod` means in the owner app (the alias in app/vite.config.ts). The app's CSP allows no
// eval (server/http/security-headers.ts); zod 4 would probe for `new Function` to compile fast
// parsers, which Chromium reports as a CSP violation, so this switches it off before any schema
// parses. Done here rather than in main.tsx so zod stays out of the first load (issue 22): it
// arrives with the first screen that uses a schema, already configured.
config({ jitless: true });

export * from 'zod/v4';
export { z, z as default } from 'zod/v4';
