import type { BodyRead } from '../body.ts';
import type { KeyScope } from '../auth.ts';
import type { SandboxContext } from '../context.ts';
import type { HandlerResult } from '../respond.ts';

/** A routed, authenticated API request. */
export interface ApiRequest {
  method: string;
  pathname: string;
  params: Record<string, string>;
  query: URLSearchParams;
  contentType: string | undefined;
  body: BodyRead;
  scope: KeyScope;
}

/** One /v1/ route. `upload` routes answer an oversized body with the attachments 413. */
export interface ApiRoute {
  method: string;
  path: string;
  upload?: boolean;
  handler: (req: ApiRequest, ctx: SandboxContext) => HandlerResult | Promise<HandlerResult>;
}
