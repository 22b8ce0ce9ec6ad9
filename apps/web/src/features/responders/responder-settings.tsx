import Divider from '@mui/material/Divider';
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
    <Stack spacing={2.5} divider={<Divider flexItem />} sx={{ mt: 2 }}>
      <QueryState query={duty}>{(data) => <DutyCard duty={data} />}</QueryState>
      <QueryState query={mine}>{(data) => <VerificationCard mine={data} />}</QueryState>
      <PracticeCard />
    </Stack>
  );
}
