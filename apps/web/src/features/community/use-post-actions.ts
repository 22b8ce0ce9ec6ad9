import type { CommunityPost } from '@saathi/shared';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { shareOrCopy } from '../../lib/share-or-copy';
import { useSession } from '../../entities/session';
import { publicPostUrl, whatsappLinks } from './card-text';
import { useCountShare, useInteractionLimits, useToggleLike } from './queries';

/** SPEC.md §9: the web link takes over when the app did not open within 500 ms. */
export const WHATSAPP_FALLBACK_MS = 500;

/** Opens the WhatsApp app link and falls back to the web link if the page is still visible after 500 ms. */
export function openWhatsapp(links: { app: string; web: string }, win: Window = window): void {
  const timer = win.setTimeout(() => {
    if (win.document.visibilityState === 'visible') win.open(links.web, '_blank', 'noopener');
  }, WHATSAPP_FALLBACK_MS);
  win.addEventListener('pagehide', () => win.clearTimeout(timer), { once: true });
  win.location.href = links.app;
}

/** Like, WhatsApp and share of a post card, with SPEC.md §5/§8 checks and messages. */
export function usePostActions() {
  const { t } = useTranslation('community');
  const toast = useToast();
  const { user } = useSession();
  const limits = useInteractionLimits(user?.id);
  const toggleLike = useToggleLike(user?.id);
  const countShare = useCountShare();

  function like(post: CommunityPost): void {
    if (!user) {
      toast.error(t('card.loginToLike'));
      return;
    }
    const used = limits.data;
    if (!post.liked && used && used.usedLikeCount >= used.dailyLikeLimit) {
      toast.error(t('card.likeLimit'));
      return;
    }
    toggleLike.mutate(
      { post },
      {
        onError: (error) => {
          // SPEC.md §8: like failures are logged only; the server's 429 is the same limit message.
          if ((error as { status?: number }).status === 429) toast.error(t('card.likeLimit'));
          else console.warn('like failed', error);
        },
      },
    );
  }

  function whatsapp(post: CommunityPost): void {
    if (!post.whatsappNumber) {
      toast.error(t('card.noWhatsapp'));
      return;
    }
    try {
      openWhatsapp(whatsappLinks(post.whatsappNumber, t('card.whatsappMessage', { url: publicPostUrl(post.id, window.location.origin) })));
    } catch {
      toast.error(t('card.whatsappFailed'));
    }
  }

  async function share(post: CommunityPost): Promise<void> {
    const url = publicPostUrl(post.id, window.location.origin);
    const outcome = await shareOrCopy({ title: post.title, text: t('card.shareText', { title: post.title || post.userName }), url });
    // Closing the phone's share sheet is the reader changing their mind, not an error.
    if (outcome === 'cancelled') return;
    if (outcome === 'failed') {
      toast.error(t('card.shareNotSupported'));
      return;
    }
    if (outcome === 'copied') toast.success(t('card.linkCopied'));
    countShare.mutate(post.id);
  }

  return {
    like,
    whatsapp,
    share,
    canShare: Boolean(user?.permissions.includes('share_posts')),
    isLiking: (postId: number) => toggleLike.isPending && toggleLike.variables.post.id === postId,
  };
}
