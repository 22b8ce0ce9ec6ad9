import type { CommunityPost, PostComment, User } from '@saathi/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { stubApiCall } from '../../test/contract-answers';
import { page, renderRoutes } from '../../test/render';
import { readFromState, reloadSessionFromStorage, SESSION_STORAGE_KEY } from '../../entities/session';
import { PostPage } from './post-page';
import { communityAllowed } from './use-community-access';

const POST: CommunityPost = {
  id: 7,
  userId: 17,
  userName: 'Patel Fruits & Vegetables',
  user: { id: 17, name: 'Hetal Patel', avatar: null, profileImage: null },
  title: 'Kesar mangoes are here!',
  description: 'Fresh Kesar mangoes from Talala, Gir.',
  priority: 'regular',
  status: 'active',
  postType: 'community',
  mediaUrls: ['/media/posts/post-1.jpg'],
  thumbnailUrls: ['/media/posts/post-1-thumb.jpg'],
  videoUrl: null,
  likesCount: 3,
  commentsCount: 1,
  sharesCount: 0,
  wasLiked: false,
  liked: false,
  isBusinessPost: true,
  businessCategory: 'grocery',
  whatsappNumber: '9825012345',
  tags: ['mango'],
  showLocation: false,
  createdAt: '2026-05-01 10:00:00',
  location: null,
  distance: null,
  deliveryRange: 3000,
  hasCatalog: true,
};

const COMMENT: PostComment = {
  id: 1,
  content: 'Ordered a box, they are lovely!',
  createdAt: '2026-05-01 11:00:00',
  postId: 7,
  user: { id: 2, name: 'Priya Sharma', avatar: null },
};

/** Where /login was opened from: the page it will return to. */
function LoginProbe() {
  const from = readFromState(useLocation().state);
  return <h1>Login page, back to {from?.pathname ?? 'nowhere'}</h1>;
}

function openSharedLink() {
  return renderRoutes(
    [page('/saathi-community-post/:postId', <PostPage />), page('/login', <LoginProbe />), page('/comunity-post', <h1>Community list</h1>)],
    '/saathi-community-post/7',
  );
}

const geolocation = { getCurrentPosition: vi.fn(), watchPosition: vi.fn(), clearWatch: vi.fn() };

beforeEach(() => {
  reloadSessionFromStorage();
  vi.stubGlobal('navigator', { ...navigator, geolocation });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the shared post link, opened by a visitor', () => {
  it('shows the post with its photo, counts, category and catalog badge, without asking for the position', async () => {
    const call = stubApiCall(() => POST);
    await openSharedLink();
    const card = await screen.findByRole('article', { name: 'Kesar mangoes are here!' });
    expect(within(card).getByText('Fresh Kesar mangoes from Talala, Gir.')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: /Kesar mangoes are here!/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'See who liked this' })).toHaveTextContent('3 likes');
    expect(within(card).getByRole('button', { name: 'Comments' })).toHaveTextContent('1');
    expect(within(card).getByText('Grocery')).toBeInTheDocument();
    expect(within(card).getByText('Catalog')).toBeInTheDocument();
    expect(screen.getByText('You are reading as a guest. Log in to like, comment and post.')).toBeInTheDocument();
    // No location was shared: no point is sent and the browser is not asked for one.
    expect(call).toHaveBeenCalledWith('GET /posts/:postId', { params: { postId: 7 }, query: { latitude: undefined, longitude: undefined } });
    expect(geolocation.getCurrentPosition).not.toHaveBeenCalled();
  });

  it('asks them to log in when they tap Like, and logging in comes back to this post', async () => {
    const call = stubApiCall(() => POST);
    const user = userEvent.setup();
    await openSharedLink();
    await user.click(await screen.findByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to join in' });
    expect(dialog).toHaveTextContent('Log in to like this post. You will come straight back to it.');
    expect(call.mock.calls.filter(([key]) => !key.startsWith('GET '))).toEqual([]);
    await user.click(within(dialog).getByRole('link', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Login page, back to /saathi-community-post/7' })).toBeInTheDocument();
  });

  it('asks them to log in for the catalog (ordering) instead of opening it', async () => {
    stubApiCall(() => POST);
    const user = userEvent.setup();
    await openSharedLink();
    await user.click(await screen.findByRole('button', { name: 'Catalog' }));
    expect(await screen.findByRole('dialog', { name: 'Log in to join in' })).toHaveTextContent("Log in to open this business's catalog and order.");
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog', { name: 'Log in to join in' })).not.toBeInTheDocument();
  });

  it('lets them read the comments, with a log-in button instead of the comment box', async () => {
    stubApiCall((key) => Promise.resolve(key === 'GET /posts/:postId/comments' ? [COMMENT] : POST));
    const user = userEvent.setup();
    await openSharedLink();
    await user.click(await screen.findByRole('button', { name: 'Comments' }));
    const sheet = await screen.findByRole('dialog', { name: 'Comments' });
    expect(await within(sheet).findByText('Ordered a box, they are lovely!')).toBeInTheDocument();
    expect(within(sheet).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(sheet).getByRole('link', { name: 'Log in to comment' }));
    expect(await screen.findByRole('heading', { name: 'Login page, back to /saathi-community-post/7' })).toBeInTheDocument();
  });

  it('links the author to the public /profile/{id} list', async () => {
    stubApiCall(() => POST);
    await openSharedLink();
    const card = await screen.findByRole('article', { name: 'Kesar mangoes are here!' });
    expect(within(card).getByRole('link', { name: 'Patel Fruits & Vegetables' })).toHaveAttribute('href', '/profile/17');
  });
});

describe('community access', () => {
  it('lets visitors read and keeps signed-in users under 13 out', () => {
    expect(communityAllowed(null)).toBe(true);
    expect(communityAllowed({ dob: '1990-05-17' })).toBe(true);
    expect(communityAllowed({ dob: '2020-01-01' })).toBe(false);
    expect(communityAllowed({ dob: null })).toBe(false);
  });

  it('shows a signed-in child Access Denied without loading the post', async () => {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: { id: 23, dob: '2016-01-01', permissions: [] } as unknown as User }));
    reloadSessionFromStorage();
    // The server keeps a child out of the community: its daily limits are refused too.
    const call = stubApiCall((key) => {
      if (key === 'GET /posts/user-interaction/:userId') throw new ApiError(403, 'age_restricted', 'You must be at least 13 years old');
      return POST;
    });
    await openSharedLink();
    expect(await screen.findByText('Access Denied: You must be at least 13 years old to view this page.')).toBeInTheDocument();
    expect(call).not.toHaveBeenCalledWith('GET /posts/:postId', expect.anything());
  });
});
