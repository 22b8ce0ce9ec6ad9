import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { EditorNewsArticle } from '@saathi/shared';
import type { NewsLanguage } from '@saathi/shared/languages';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadFailed } from '../../components/load-failed';
import { PageHeader } from '../../components/page-header';
import { PageLoading } from '../../components/page-loading';
import { useToast } from '../../components/toast';
import { isApiError } from '../../lib/api-client';
import { useErrorText } from '../../lib/error-text';
import { useSession } from '../../entities/session';
import { DetailsSection } from './components/details-section';
import { LanguagesSection } from './components/languages-section';
import { PublishPanel, type DeskAction } from './components/publish-panel';
import { VersionsDialog } from './components/versions-dialog';
import { DeskGate } from './desk-gate';
import { createBodyOf, emptyForm, formFromArticle, isDirty, updateBodyOf, type DeskForm, type TranslationDraft } from './desk-form';
import { fieldErrorsOf, NO_FIELD_ERRORS, type DeskFieldErrors } from './field-errors';
import {
  useCreateArticleMutation,
  useDeleteArticleMutation,
  useDeskArticleQuery,
  usePublishMutation,
  useRestoreVersionMutation,
  useUnpublishMutation,
  useUpdateArticleMutation,
} from './queries';

/** `/news/manage/new` and `/news/manage/:articleId`: write or change an article, publish or schedule it, see its versions. */
export function NewsEditorPage() {
  const { t } = useTranslation('news');
  const { articleId } = useParams();
  const isNew = articleId === 'new';
  const id = articleId && /^\d+$/.test(articleId) ? Number(articleId) : null;
  // The tab names the screen: the route's own name is the desk's.
  usePageTitle(isNew ? t('desk.newTitle') : t('desk.editTitle'));
  return (
    <Stack spacing={2}>
      <BackLink to="/news/manage" label={t('desk.backToDesk')} />
      <PageHeader title={isNew ? t('desk.newTitle') : t('desk.editTitle')} subtitle={t('desk.editorSubtitle')} />
      <DeskGate>{isNew ? <ArticleEditor saved={null} /> : <SavedArticleEditor id={id} />}</DeskGate>
    </Stack>
  );
}

function SavedArticleEditor({ id }: { id: number | null }) {
  const { t } = useTranslation('news');
  const errorText = useErrorText();
  const query = useDeskArticleQuery(id);
  if (id === null) return <Typography role="alert">{t('notFound')}</Typography>;
  if (query.isPending) return <PageLoading />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) return <Typography role="alert">{t('notFound')}</Typography>;
    return <LoadFailed message={errorText(query.error)} onRetry={() => void query.refetch()} />;
  }
  return <ArticleEditor saved={query.data} />;
}

function ArticleEditor({ saved }: { saved: EditorNewsArticle | null }) {
  const { t } = useTranslation('news');
  const errorText = useErrorText();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useSession();
  const [form, setForm] = useState<DeskForm>(() => (saved ? formFromArticle(saved) : emptyForm(user?.name ?? '')));
  // Each version the server answers (a save, a restore) becomes the form again.
  const [formVersion, setFormVersion] = useState(saved?.version ?? 0);
  if (saved && saved.version !== formVersion) {
    setFormVersion(saved.version);
    setForm(formFromArticle(saved));
  }
  const [busy, setBusy] = useState<DeskAction | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<DeskFieldErrors>(NO_FIELD_ERRORS);
  const [confirm, setConfirm] = useState<'delete' | 'unpublish' | null>(null);
  const [versionsOpen, setVersionsOpen] = useState(false);

  const create = useCreateArticleMutation();
  const update = useUpdateArticleMutation();
  const publish = usePublishMutation();
  const unpublish = useUnpublishMutation();
  const remove = useDeleteArticleMutation();
  const restore = useRestoreVersionMutation();
  const dirty = isDirty(form, saved);

  /** Runs one action: its button spins, and a refusal is said in the user's language, under the field it names. */
  async function run<T>(action: DeskAction, work: () => Promise<T>): Promise<T | undefined> {
    setBusy(action);
    setProblem(null);
    setFieldErrors(NO_FIELD_ERRORS);
    try {
      return await work();
    } catch (error) {
      const message = errorText(error);
      setProblem(message);
      if (isApiError(error)) setFieldErrors(fieldErrorsOf(error.field ?? (error.code === 'news_slug_taken' ? 'slug' : undefined), message));
      return undefined;
    } finally {
      setBusy(null);
    }
  }

  /** Saves what is typed (a new article is created); answers the article as saved. */
  async function persist(): Promise<EditorNewsArticle> {
    if (!saved) return create.mutateAsync(createBodyOf(form));
    if (!dirty) return saved;
    return update.mutateAsync({ id: saved.id, body: updateBodyOf(form, saved) });
  }

  /** A new article moves to its own address once it exists. */
  function settle(article: EditorNewsArticle) {
    if (!saved) void navigate(`/news/manage/${article.id}`, { replace: true });
  }

  async function onSave() {
    const article = await run('save', persist);
    if (!article) return;
    toast.success(t('desk.saved'), { autoHideMs: 2500 });
    settle(article);
  }

  async function onPublish(at?: string) {
    const action = at ? 'schedule' : 'publish';
    const stored = await run(action, persist);
    if (!stored) return;
    // A new article goes to its own address first, so pressing again after a refusal cannot create it twice.
    settle(stored);
    const article = await run(action, () => publish.mutateAsync({ id: stored.id, ...(at ? { at } : {}) }));
    if (!article) return;
    toast.success(article.state === 'scheduled' ? t('desk.scheduled') : t('desk.published'), { autoHideMs: 2500 });
  }

  async function onUnpublish() {
    setConfirm(null);
    if (!saved) return;
    const article = await run('unpublish', () => unpublish.mutateAsync(saved.id));
    if (article) toast.success(t('desk.unpublished'), { autoHideMs: 2500 });
  }

  async function onDelete() {
    setConfirm(null);
    if (!saved) return;
    const answer = await run('delete', () => remove.mutateAsync(saved.id));
    if (answer === undefined) return;
    toast.success(t('desk.deleted'), { autoHideMs: 2500 });
    void navigate('/news/manage', { replace: true });
  }

  async function onRestore(version: number) {
    if (!saved) return;
    const article = await run('restore', () => restore.mutateAsync({ id: saved.id, version }));
    if (!article) return;
    setVersionsOpen(false);
    toast.success(t('desk.restored', { version }), { autoHideMs: 2500 });
  }

  const setTranslation = useCallback((language: NewsLanguage, next: TranslationDraft) => {
    setForm((current) => ({ ...current, translations: { ...current.translations, [language]: next } }));
  }, []);

  return (
    <Stack spacing={2}>
      {problem && <Alert severity="error">{problem}</Alert>}
      <PublishPanel
        key={saved ? `${saved.id}:${saved.version}` : 'new'}
        saved={saved}
        dirty={dirty}
        busy={busy}
        onSave={() => void onSave()}
        onPublish={() => void onPublish()}
        onSchedule={(at) => void onPublish(at)}
        onUnpublish={() => setConfirm('unpublish')}
        onDelete={() => setConfirm('delete')}
        onVersions={() => setVersionsOpen(true)}
      />
      <DetailsSection form={form} onChange={(patch) => setForm((current) => ({ ...current, ...patch }))} errors={fieldErrors.details} isNew={!saved} />
      <LanguagesSection translations={form.translations} onChange={setTranslation} errors={fieldErrors.translations} />
      {saved && (
        <VersionsDialog
          articleId={saved.id}
          currentVersion={saved.version}
          open={versionsOpen}
          restoring={busy === 'restore'}
          onClose={() => setVersionsOpen(false)}
          onRestore={(version) => void onRestore(version)}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        titleId="news-desk-confirm"
        title={confirm === 'delete' ? t('desk.confirmDeleteTitle') : t('desk.confirmUnpublishTitle')}
        body={confirm === 'delete' ? t('desk.confirmDeleteBody') : t('desk.confirmUnpublishBody')}
        keepLabel={t('desk.keep')}
        confirmLabel={confirm === 'delete' ? t('desk.deleteDraft') : t('desk.unpublish')}
        onKeep={() => setConfirm(null)}
        onConfirm={() => void (confirm === 'delete' ? onDelete() : onUnpublish())}
      />
    </Stack>
  );
}
