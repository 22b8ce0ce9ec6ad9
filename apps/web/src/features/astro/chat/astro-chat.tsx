import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AskResponse } from '@saathi/shared';
import { ASTRO_LIMITS } from '@saathi/shared/astro';
import type { Language } from '@saathi/shared/languages';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { useErrorText } from '../../../lib/error-text';
import { waitText } from '../../../lib/wait-text';
import { useAskMutation } from '../queries';
import { SectionCard } from '../../../components/section-card';
import { CrisisAnswer } from './crisis-answer';

interface Exchange {
  id: number;
  question: string;
  answer?: AskResponse;
  error?: string;
}

/** The suggested questions, in the order shown (texts under `chat.suggestions`). */
const SUGGESTIONS = ['moonSign', 'nakshatra', 'tithi', 'saturn'] as const;

/** The assistant on the chart page: the reader's questions, the answers with the facts they used. */
export function AstroChat({ chartId }: { chartId: number }) {
  const { t, i18n } = useTranslation('astro');
  const errorText = useErrorText();
  const ask = useAskMutation(chartId);
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const suggestions = t('chat.suggestions', { returnObjects: true }) as Record<(typeof SUGGESTIONS)[number], string>;
  const language = (i18n.resolvedLanguage ?? 'en-US') as Language;

  function failureText(error: unknown): string {
    if (isApiError(error) && error.code === 'rate_limited') {
      const seconds = Number(error.params?.seconds);
      return t('chat.rateLimited', { wait: Number.isFinite(seconds) && seconds > 0 ? waitText(seconds, language) : t('chat.aWhile') });
    }
    return errorText(error);
  }

  async function send(text: string) {
    const asked = text.trim();
    if (asked === '' || ask.isPending) return;
    const id = Date.now();
    setExchanges((list) => [...list, { id, question: asked }]);
    setQuestion('');
    try {
      const answer = await ask.mutateAsync({ question: asked, language });
      setExchanges((list) => list.map((exchange) => (exchange.id === id ? { ...exchange, answer } : exchange)));
    } catch (error) {
      setExchanges((list) => list.map((exchange) => (exchange.id === id ? { ...exchange, error: failureText(error) } : exchange)));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(question);
  }

  return (
    <SectionCard title={t('chat.heading')} hint={t('chat.guidance')}>
      <Stack component="ol" spacing={2} aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0, my: exchanges.length > 0 ? 2 : 0 }}>
        {exchanges.map((exchange) => (
          <Box component="li" key={exchange.id} data-testid="astro-exchange">
            <Typography className="astro-question" sx={{ fontWeight: 600, mb: 1 }}>
              <span className="visually-hidden">{t('chat.you')}: </span>
              {exchange.question}
            </Typography>
            {exchange.answer ? (
              <AnswerView answer={exchange.answer} />
            ) : exchange.error ? (
              <Alert severity="warning">{exchange.error}</Alert>
            ) : (
              <Typography color="textSecondary" role="status">
                {t('chat.thinking')}
              </Typography>
            )}
          </Box>
        ))}
      </Stack>

      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {t('chat.suggestionsLabel')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, my: 1 }}>
        {SUGGESTIONS.map((key) => (
          <Chip key={key} label={suggestions[key]} variant="outlined" color="primary" onClick={() => void send(suggestions[key])} disabled={ask.isPending} />
        ))}
      </Box>

      <Stack component="form" direction="row" spacing={1} onSubmit={submit} sx={{ mt: 1, alignItems: 'flex-start' }}>
        <TextField
          label={t('chat.label')}
          placeholder={t('chat.placeholder')}
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          fullWidth
          multiline
          maxRows={4}
          onKeyDown={(event) => {
            // Enter sends; Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void send(question);
            }
          }}
          slotProps={{ htmlInput: { maxLength: ASTRO_LIMITS.questionMax } }}
        />
        <Button type="submit" variant="contained" loading={ask.isPending} disabled={question.trim() === ''} sx={{ minHeight: 56, flexShrink: 0 }}>
          {t('chat.send')}
        </Button>
      </Stack>
    </SectionCard>
  );
}

/** One answer: a crisis answer shows the helplines; any other, its text and the facts it used. */
export function AnswerView({ answer }: { answer: AskResponse }) {
  const { t } = useTranslation('astro');
  if (answer.kind === 'crisis') return <CrisisAnswer answer={answer.answer} />;
  return (
    <Box className="astro-answer" sx={{ bgcolor: 'action.hover', borderRadius: 2, p: 1.5 }}>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{answer.answer}</Typography>
      {answer.facts.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="caption" component="p" color="textSecondary">
            {t('chat.factsUsed')}
          </Typography>
          <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
            {answer.facts.map((fact) => (
              <li key={fact.key}>
                <Chip size="small" label={fact.text} />
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
