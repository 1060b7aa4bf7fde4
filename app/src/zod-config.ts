import { z } from 'zod';

// The owner app's CSP allows no eval (server/http/security-headers.ts). zod 4 would probe for
// `new Function` to compile fast parsers, which Chromium reports as a CSP violation; the
// interpreted parsers are fast enough for forms and API answers. Imported first by main.tsx.
z.config({ jitless: true });
