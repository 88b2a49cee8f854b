import type { SandboxContext } from './context.ts';
import type { HandlerResult } from './respond.ts';

/** A routed request to the control endpoint (no API key). */
export interface ControlRequest {
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
}

/** One /__sandbox/ route. */
export interface ControlRoute {
  method: string;
  path: string;
  handler: (req: ControlRequest, ctx: SandboxContext) => HandlerResult;
}
