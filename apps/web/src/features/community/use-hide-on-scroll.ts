import { useEffect, useState } from 'react';

/** SPEC.md §2: the create bar hides on scroll down past 100 px and shows again on scroll up. */
export const HIDE_AFTER_PX = 100;

export function nextHidden(previousY: number, y: number, hidden: boolean): boolean {
  if (y <= HIDE_AFTER_PX) return false;
  if (y > previousY) return true;
  if (y < previousY) return false;
  return hidden;
}

export function useHideOnScroll(): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    let previous = window.scrollY;
    function onScroll() {
      const y = window.scrollY;
      setHidden((current) => nextHidden(previous, y, current));
      previous = y;
    }
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return hidden;
}
