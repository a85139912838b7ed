import { z } from 'zod';

// First of all imports: the pages run under a CSP without 'unsafe-eval', and zod's first parse would
// otherwise probe for eval (new Function), which the browser reports as a violation even though zod catches it.
z.config({ jitless: true });
