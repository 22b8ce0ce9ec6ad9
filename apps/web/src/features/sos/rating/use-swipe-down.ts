import { useRef, useState, type TouchEvent } from 'react';
import { shouldCloseOnSwipe } from './rating-rows';

/** Drag the sheet down with a finger; letting go at 100 px or more closes it (SPEC.md §2). */
export function useSwipeDown(onClose: () => void) {
  const startY = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  return {
    offset,
    handlers: {
      onTouchStart: (event: TouchEvent) => {
        // Selecting text or stars must not drag the sheet.
        const target = event.target as Element | null;
        startY.current = target?.closest?.('textarea, input') ? null : (event.touches[0]?.clientY ?? null);
      },
      onTouchMove: (event: TouchEvent) => {
        const y = event.touches[0]?.clientY;
        if (startY.current === null || y === undefined) return;
        setOffset(Math.max(0, y - startY.current));
      },
      onTouchEnd: (event: TouchEvent) => {
        const y = event.changedTouches[0]?.clientY;
        const start = startY.current;
        startY.current = null;
        setOffset(0);
        if (start !== null && y !== undefined && shouldCloseOnSwipe(start, y)) onClose();
      },
    },
  };
}
