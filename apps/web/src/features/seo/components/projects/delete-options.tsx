import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';

export interface DeleteOptions {
  deleteGeneratedArticles: boolean;
  deleteWordPressPosts: boolean;
  force: boolean;
}

export const DEFAULT_DELETE_OPTIONS: DeleteOptions = { deleteGeneratedArticles: true, deleteWordPressPosts: false, force: false };

const LABELS: [keyof DeleteOptions, string][] = [
  ['deleteGeneratedArticles', 'Delete generated articles from database'],
  ['deleteWordPressPosts', 'Delete published WordPress posts (if applicable)'],
  ['force', 'Force delete (override validation for active projects)'],
];

/** The delete dialog's three checkboxes. */
export function DeleteOptionsFields({ value, onChange, disabled }: { value: DeleteOptions; onChange: (next: DeleteOptions) => void; disabled?: boolean }) {
  return (
    <FormGroup>
      {LABELS.map(([key, label]) => (
        <FormControlLabel
          key={key}
          label={label}
          disabled={disabled}
          control={<Checkbox checked={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.checked })} />}
        />
      ))}
    </FormGroup>
  );
}
