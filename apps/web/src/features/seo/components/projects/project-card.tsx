import { SEO_WIZARD_STEPS, type SeoProject, seoOverallProgress } from '@abp/contracts';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { formatDate, statusColor, statusLabel } from '../../lib/format';

interface ProjectCardProps {
  project: SeoProject;
  bulkMode: boolean;
  checked: boolean;
  highlighted: boolean;
  onOpen: () => void;
  onToggle: () => void;
  onShowDetails: () => void;
}

/** One project: click opens the wizard, or toggles selection in bulk-delete mode. */
export function ProjectCard({
  project,
  bulkMode,
  checked,
  highlighted,
  onOpen,
  onToggle,
  onShowDetails,
}: ProjectCardProps) {
  const percent = Math.round(seoOverallProgress(project.current_phase, project.progress_percentage));
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', position: 'relative', borderColor: highlighted || checked ? 'primary.main' : undefined }}
      data-testid={`seo-project-${project.id}`}
    >
      <CardContent>
        {/* The name has the card's width; the status chip goes under it rather than squeezing it. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1, pr: 4 }}>
          {bulkMode && (
            <Checkbox
              checked={checked}
              tabIndex={-1}
              sx={{ p: 0, mt: 0.25 }}
              inputProps={{ 'aria-label': `Select ${project.project_name}` }}
            />
          )}
          <Typography
            variant="subtitle1"
            component="h2"
            sx={{ flex: '1 1 100%', minWidth: 0, fontWeight: 600, lineHeight: 1.4, overflowWrap: 'anywhere' }}
          >
            {/* The name is the button; its ::after spreads the click over the whole card. A button
                named by its own text ("Open <name> in the wizard" contains it) and not by the
                whole card's (WCAG 2.5.3, axe label-content-name-mismatch). */}
            <CardActionArea
              onClick={bulkMode ? onToggle : onOpen}
              disableRipple
              aria-label={bulkMode ? `Select ${project.project_name}` : `Open ${project.project_name} in the wizard`}
              sx={{
                position: 'static',
                font: 'inherit',
                textAlign: 'left',
                borderRadius: 1,
                '&::after': { content: '""', position: 'absolute', inset: 0 },
              }}
            >
              {project.project_name}
            </CardActionArea>
          </Typography>
          <Chip size="small" label={statusLabel(project.status)} color={statusColor(project.status)} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {project.niche}
        </Typography>
        <Typography variant="body2">{project.site_name}</Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1.5 }}>
          <LinearProgress variant="determinate" value={percent} sx={{ flex: 1 }} aria-label="Overall progress" />
          <Typography variant="caption">{`${percent}%`}</Typography>
        </Box>
        <Typography variant="caption" component="p">
          {`Step ${project.wizard_step} of ${SEO_WIZARD_STEPS.length}: ${project.wizard_step_name}`}
        </Typography>
        <Typography
          variant="body2"
          sx={{ mt: 1 }}
        >{`${project.articles_generated}/${project.total_articles_planned} articles`}</Typography>
        <Typography variant="caption" color="text.secondary">{`Created ${formatDate(project.created_at)}`}</Typography>
      </CardContent>
      {!bulkMode && (
        <Tooltip title="Show details">
          <IconButton
            size="small"
            onClick={onShowDetails}
            sx={{ position: 'absolute', top: 8, right: 8 }}
            aria-label={`Show details of ${project.project_name}`}
          >
            <InfoOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Card>
  );
}
