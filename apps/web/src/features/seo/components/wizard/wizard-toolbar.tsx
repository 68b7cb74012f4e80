import type { SeoProject } from '@abp/contracts';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router';

const CREATE_NEW = 'new';

interface Props {
  projects: SeoProject[];
  project: SeoProject | null;
  onSelect: (id: number) => void;
  onNew: () => void;
}

/** Back to Projects, the project selector (with 'Create New Project'), 'New Project' and the active chip. */
export function WizardToolbar({ projects, project, onSelect, onNew }: Props) {
  const navigate = useNavigate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 3 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => void navigate('/seo-suite')}>
        Back to Projects
      </Button>
      <TextField
        select
        size="small"
        label="Project"
        value={project ? String(project.id) : CREATE_NEW}
        onChange={(e) => (e.target.value === CREATE_NEW ? onNew() : onSelect(Number(e.target.value)))}
        sx={{ minWidth: 260 }}
      >
        <MenuItem value={CREATE_NEW}>Create New Project</MenuItem>
        {projects.map((p) => (
          <MenuItem key={p.id} value={String(p.id)}>
            {p.project_name}
          </MenuItem>
        ))}
      </TextField>
      <Button variant="outlined" startIcon={<AddIcon />} onClick={onNew}>
        New Project
      </Button>
      {project && <Chip color="primary" label={`Active: ${project.project_name}`} />}
    </Box>
  );
}
