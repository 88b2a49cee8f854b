import type { BackgroundService } from './service-types';
import { CALL_CHANNEL, type CallAnswer, type Page } from './protocol';
import { ROUTES } from './routes';
import { pageOfSender, type ExtensionIdentity, type MessageSenderLike } from './sender';

/** No page call comes near it (drafts and files cross through IndexedDB, not messages). */
export const MAX_MESSAGE_CHARS = 256 * 1024;

/** Why a call was turned down, for the worker's own log (never its arguments: one may hold the key). */
export type Refusal = 'sender' | 'unknown_method' | 'page' | 'too_large' | 'arguments';

export interface MessageHandlerOptions {
  extension: ExtensionIdentity;
  /** Told of every call turned down. */
  onRefused?(reason: Refusal, method: string, page: Page | null): void;
}

/** A route as the router reads it, whatever its method. */
type AnyRoute = { pages: readonly Page[]; args: { safeParse(value: unknown): { success: boolean; data?: unknown } } };

/**
 * The background's runtime.onMessage listener. It answers only our own
 * pages, only the methods ROUTES lists for that page, and only arguments
 * its schema accepts under a size cap; anything else that is not a call of
 * ours is ignored (undefined: another listener may answer it).
 */
export function createMessageHandler(service: BackgroundService, options: MessageHandlerOptions) {
  const refuse = (reason: Refusal, method: string, page: Page | null): Promise<CallAnswer> => {
    options.onRefused?.(reason, method, page);
    return Promise.resolve({ ok: false, error: 'refused' });
  };

  return (message: unknown, sender: MessageSenderLike | undefined): Promise<CallAnswer> | undefined => {
    if (!isCall(message)) return undefined;
    const method = typeof message.method === 'string' ? message.method.slice(0, 100) : '';
    const page = pageOfSender(sender, options.extension);
    // Not one of our pages: no answer at all, as if nobody listened.
    if (!page) {
      options.onRefused?.('sender', method, null);
      return undefined;
    }
    const route = Object.hasOwn(ROUTES, method) ? (ROUTES[method as keyof typeof ROUTES] as unknown as AnyRoute) : undefined;
    if (!route) return refuse('unknown_method', method, page);
    if (!route.pages.includes(page)) return refuse('page', method, page);
    if (jsonLength(message.args) > MAX_MESSAGE_CHARS) return refuse('too_large', method, page);
    const parsed = route.args.safeParse(message.args);
    if (!parsed.success) return refuse('arguments', method, page);
    return call(service, method, parsed.data as unknown[]);
  };
}

function isCall(message: unknown): message is { method: unknown; args: unknown } {
  return (message as { channel?: unknown } | null | undefined)?.channel === CALL_CHANNEL;
}

/** Length as JSON; endless for what JSON cannot write (undefined, a cycle, a BigInt), so the cap refuses it. */
function jsonLength(args: unknown): number {
  try {
    return JSON.stringify(args)?.length ?? Infinity;
  } catch {
    return Infinity;
  }
}

async function call(service: BackgroundService, method: string, args: unknown[]): Promise<CallAnswer> {
  const [area, name] = method.split('.') as [keyof BackgroundService, string];
  const target = service[area] as unknown as Record<string, (...values: unknown[]) => unknown>;
  try {
    return { ok: true, value: await target[name]!.apply(target, args) };
  } catch (error) {
    console.error(`Background call ${method} failed`, error instanceof Error ? error.name : typeof error);
    return { ok: false, error: 'failed' };
  }
}
