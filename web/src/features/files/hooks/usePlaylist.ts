import { useCallback, useRef } from 'react';

/**
 * Audio players that play one at a time (spec section 2): starting one pauses and rewinds the
 * others, and a track that ends starts the next one.
 */
export function usePlaylist() {
  const players = useRef<(HTMLAudioElement | null)[]>([]);

  const register = useCallback(
    (index: number) => (el: HTMLAudioElement | null) => {
      players.current[index] = el;
    },
    [],
  );

  const onPlay = useCallback((index: number) => {
    players.current.forEach((player, i) => {
      if (i === index || !player) return;
      if (!player.paused) player.pause();
      if (player.currentTime !== 0) player.currentTime = 0;
    });
  }, []);

  const onEnded = useCallback((index: number) => {
    const next = players.current.slice(index + 1).find((p) => p != null);
    // a refused autoplay leaves the next track ready for the listener's own click
    if (next) void next.play().catch(() => {});
  }, []);

  return { register, onPlay, onEnded };
}
