import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';

export interface DeleteOptions {
  deleteGeneratedArticles: boolean;
  deleteWordPressPosts: boolean;
  deletePermanently: boolean;
  force: boolean;
}

export const DEFAULT_DELETE_OPTIONS: DeleteOptions = {
  deleteGeneratedArticles: true,
  deleteWordPressPosts: false,
  deletePermanently: false,
  force: false,
};

const LABELS: [keyof DeleteOptions, string][] = [
  ['deleteGeneratedArticles', 'Delete generated articles from database'],
  ['deleteWordPressPosts', 'Delete published WordPress posts (if applicable)'],
  ['deletePermanently', 'Delete them permanently instead of moving them to the WordPress trash'],
  ['force', 'Force delete (override validation for active projects)'],
];

/**
 * The delete dialog's checkboxes. Issue #18 item 7: the WordPress posts and pages go to the
 * WordPress trash unless the operator asks for more; their featured images are removed with them.
 */
export function DeleteOptionsFields({
  value,
  onChange,
  disabled,
}: {
  value: DeleteOptions;
  onChange: (next: DeleteOptions) => void;
  disabled?: boolean;
}) {
  return (
    <FormGroup>
      {LABELS.map(([key, label]) =>
        key === 'deletePermanently' && !value.deleteWordPressPosts ? null : (
          <FormControlLabel
            key={key}
            label={label}
            disabled={disabled}
            sx={key === 'deletePermanently' ? { ml: 3 } : undefined}
            control={
              <Checkbox checked={value[key]} onChange={(e) => onChange({ ...value, [key]: e.target.checked })} />
            }
          />
        ),
      )}
      {value.deleteWordPressPosts && (
        <Typography variant="body2" color="text.secondary" sx={{ ml: 3 }}>
          {value.deletePermanently
            ? 'The posts and pages are deleted from WordPress for good, with their featured images.'
            : 'The posts and pages go to the WordPress trash, where they can be restored; their featured images are deleted (WordPress keeps no trash for media).'}
        </Typography>
      )}
    </FormGroup>
  );
}
