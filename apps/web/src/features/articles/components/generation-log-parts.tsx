import type { GenerationLogStep, GenerationStepUsage } from '@abp/contracts';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ExternalLink } from '../../../components/external-link';
import { usePhone } from '../../../components/phone-rows';
import { formatTokens, formatUsd } from '../../../lib/money';

/** Spec §3: the first 3 of each source list are shown, with the total count. */
export const SOURCES_SHOWN = 3;

export function SourceList({ label, urls, count }: { label: string; urls: readonly string[]; count: number }) {
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" fontWeight={600}>
        {`${label} (${count})`}
      </Typography>
      {urls.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          None
        </Typography>
      ) : (
        <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
          {urls.slice(0, SOURCES_SHOWN).map((url) => (
            <li key={url}>
              <ExternalLink href={url} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {url}
              </ExternalLink>
            </li>
          ))}
          {count > SOURCES_SHOWN && (
            <Typography component="li" variant="body2" color="text.secondary" sx={{ listStyle: 'none' }}>
              {`... and ${count - SOURCES_SHOWN} more`}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

const STEP_COLOR = { success: 'success', failed: 'error' } as const;

export function GenerationLogSteps({ steps }: { steps: readonly GenerationLogStep[] }) {
  const phone = usePhone();
  if (steps.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No steps recorded.
      </Typography>
    );
  // Five columns do not fit a phone (issue #17 item 17): one block per step instead.
  if (phone)
    return (
      <Box component="ol" aria-label="Generation steps" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {steps.map((step, i) => (
          <Box component="li" key={i} sx={{ borderBottom: 1, borderColor: 'divider', pb: 1 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              <Typography variant="body2" fontWeight={600}>
                {step.step}
              </Typography>
              <StepStatus status={step.status} />
              <Typography variant="body2" color="text.secondary">{`${step.duration} ms`}</Typography>
            </Box>
            {step.usage && <StepUsage usage={step.usage} />}
            {step.error && (
              <Typography variant="body2" color="error" sx={{ overflowWrap: 'anywhere' }}>
                {step.error}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
    );
  return (
    <Table size="small" aria-label="Generation steps">
      <TableHead>
        <TableRow>
          <TableCell>Step</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Duration</TableCell>
          <TableCell>Model and cost</TableCell>
          <TableCell>Error</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {steps.map((step, i) => (
          <TableRow key={i}>
            <TableCell>{step.step}</TableCell>
            <TableCell>
              <StepStatus status={step.status} />
            </TableCell>
            <TableCell>{`${step.duration} ms`}</TableCell>
            <TableCell>{step.usage ? <StepUsage usage={step.usage} /> : ''}</TableCell>
            <TableCell sx={{ color: 'error.main' }}>{step.error ?? ''}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function StepStatus({ status }: { status: GenerationLogStep['status'] }) {
  return (
    <Chip
      size="small"
      label={status}
      color={status === 'success' || status === 'failed' ? STEP_COLOR[status] : 'default'}
    />
  );
}

/** Which model wrote the step, its tokens and what they cost (issue #16). */
function StepUsage({ usage }: { usage: GenerationStepUsage }) {
  return (
    <>
      <Typography
        variant="body2"
        sx={{ overflowWrap: 'anywhere' }}
      >{`${usage.provider}/${usage.model} · ${formatUsd(usage.costUsd)}`}</Typography>
      <Typography variant="caption" color="text.secondary">
        {formatTokens(usage.inputTokens, usage.outputTokens, usage.estimated)}
      </Typography>
    </>
  );
}
