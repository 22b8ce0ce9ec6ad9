import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { QueryState } from '../../components/query-state';
import { DutyCard } from './duty-card';
import { PracticeCard } from './practice-card';
import { useDutyQuery, useMyVerificationQuery } from './queries';
import { VerificationCard } from './verification-card';

/** The volunteer's responder settings in the account's volunteering tab: duty, verification, practice. */
export function ResponderSettings() {
  const duty = useDutyQuery();
  const mine = useMyVerificationQuery();
  return (
    <Paper variant="outlined" component="section" sx={{ mt: 2, p: 2 }}>
      <Stack spacing={2.5} divider={<Divider flexItem />}>
        <QueryState query={duty}>{(data) => <DutyCard duty={data} />}</QueryState>
        <QueryState query={mine}>{(data) => <VerificationCard mine={data} />}</QueryState>
        <PracticeCard />
      </Stack>
    </Paper>
  );
}
