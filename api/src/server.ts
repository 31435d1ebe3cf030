/** Starts the API alone (/api): listens on PORT and shuts down gracefully on SIGTERM/SIGINT. The whole portal on one port is server/src/main.ts. */
import { serve } from './serve';

serve();
