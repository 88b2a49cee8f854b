import { useState } from 'preact/hooks';
import type { Problem } from '@/utils/problems/kinds';
import { loadCode } from '../ui/load-code';

/** The popup's ways into the review window (./review-window.ts). */
export type ReviewWindowWays = typeof import('./review-window');

/**
 * Opens the review window by one of its ways, loaded only when taken (the
 * popup's first paint carries none of them); `problem` is set when that code
 * could not be loaded, for the popup to say so and offer a reload.
 */
export function useReviewWindow(load: () => Promise<ReviewWindowWays> = () => import('./review-window')) {
  const [problem, setProblem] = useState<Problem | null>(null);
  function open(take: (ways: ReviewWindowWays) => Promise<void>): void {
    void loadCode(load).then((loaded) => (loaded.ok ? take(loaded.module) : setProblem(loaded.problem)));
  }
  return { problem, open };
}
