import { buildCli } from './program';
import { reportFailure } from './run';

buildCli().parseAsync().catch(reportFailure);
