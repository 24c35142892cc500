// How requests reach the network: undici's fetch, the copy @actions/core already bundles (through
// @actions/http-client). Node's own global fetch would load a second undici on the first request,
// some 40 ms of start-up on every run; this one is loaded already.
import { fetch as undiciFetch } from 'undici';

/** The fetch the service client uses unless a test injects another. */
export const transport = undiciFetch as unknown as typeof fetch;
