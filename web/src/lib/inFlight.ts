import { createStore, useStore } from './store';

/** How many requests are under way; the spinner overlay shows while it is above zero. */
const inFlight = createStore(0);

export function requestStarted(): void {
  inFlight.set((n) => n + 1);
}

export function requestEnded(): void {
  inFlight.set((n) => Math.max(0, n - 1));
}

export function useInFlightCount(): number {
  return useStore(inFlight);
}
