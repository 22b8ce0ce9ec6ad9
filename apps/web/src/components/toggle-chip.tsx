import Chip from '@mui/material/Chip';

/** A chip that is a toggle button: filled in the brand colour while chosen, outlined otherwise, and says so to screen readers. */
export function ToggleChip({ label, chosen, onClick }: { label: string; chosen: boolean; onClick: () => void }) {
  return (
    <Chip
      label={label}
      color={chosen ? 'primary' : 'default'}
      variant={chosen ? 'filled' : 'outlined'}
      onClick={onClick}
      aria-pressed={chosen}
      component="button"
      type="button"
    />
  );
}
