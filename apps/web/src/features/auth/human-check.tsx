import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginChallenge } from '@saathi/shared';

interface HumanCheckProps {
  challenge: LoginChallenge;
  /** The solved challenge, to send as `altcha` with the same request again. */
  onSolved: (payload: string) => void;
  /** The widget could not be loaded. */
  onFailed: () => void;
}

/**
 * Loads the ALTCHA widget (only when the server asks for a challenge: it is not in the login
 * page's bundle) with its PBKDF2 worker, and registers its texts in the app's languages.
 */
async function loadWidget(language: string, texts: Record<string, string>): Promise<void> {
  const [, { default: Pbkdf2Worker }] = await Promise.all([import('altcha/external'), import('altcha/workers/pbkdf2?worker'), import('altcha/altcha.css')]);
  const altcha = (
    globalThis as unknown as { $altcha: { algorithms: Map<string, () => Worker>; i18n: { set(language: string, texts: Record<string, string>): void } } }
  ).$altcha;
  altcha.algorithms.set('PBKDF2/SHA-256', () => new Pbkdf2Worker());
  altcha.i18n.set(language, texts);
}

/**
 * The widget for a 428 `challenge_required`: it solves the challenge by itself (the phone
 * proves about a second of work) and hands over the solution (use-human-check.tsx).
 */
export function HumanCheck({ challenge, onSolved, onFailed }: HumanCheckProps) {
  const { t, i18n } = useTranslation('auth');
  const holder = useRef<HTMLDivElement>(null);
  const solved = useRef(onSolved);
  const failed = useRef(onFailed);
  useEffect(() => {
    solved.current = onSolved;
    failed.current = onFailed;
  });

  useEffect(() => {
    let cancelled = false;
    let widget: HTMLElementTagNameMap['altcha-widget'] | null = null;
    const language = i18n.language.slice(0, 2);
    // The widget's texts, in the app's language (its own catalogs lack Gujarati).
    const texts = {
      label: t('humanCheck.widget.label'),
      verifying: t('humanCheck.widget.verifying'),
      verified: t('humanCheck.widget.verified'),
      error: t('humanCheck.widget.error'),
      expired: t('humanCheck.widget.expired'),
      waitAlert: t('humanCheck.widget.waitAlert'),
      verificationRequired: t('humanCheck.widget.verificationRequired'),
      loading: t('humanCheck.widget.loading'),
      reload: t('humanCheck.widget.reload'),
      verify: t('humanCheck.widget.verify'),
      cancel: t('humanCheck.widget.cancel'),
    };
    const onState = (event: Event) => {
      const detail = (event as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) solved.current(detail.payload);
    };
    loadWidget(language, texts)
      .then(() => {
        if (cancelled || !holder.current) return;
        const element = document.createElement('altcha-widget');
        widget = element;
        element.addEventListener('statechange', onState);
        // Its methods exist once it has mounted ('load'); then it gets the challenge and starts.
        const mounted = new Promise<void>((resolve) => element.addEventListener('load', () => resolve(), { once: true }));
        holder.current.append(element);
        return mounted.then(() =>
          element.configure({ challenge, auto: 'onload', language, hideFooter: true, hideLogo: true, humanInteractionSignature: false, minDuration: 0 }),
        );
      })
      // The widget's code did not arrive (offline): the form says so, and the next try asks again.
      .catch(() => {
        if (!cancelled) failed.current();
      });
    return () => {
      cancelled = true;
      widget?.removeEventListener('statechange', onState);
      widget?.remove();
    };
  }, [challenge, i18n.language, t]);

  return <div ref={holder} />;
}
