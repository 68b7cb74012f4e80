import type { LlmProbeResult } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';

/** "Test provider": the model's own short answer, or the exact classified error. */
export function ProbeResult({ result }: { result: LlmProbeResult }) {
  const who = `${result.provider}${result.model ? ` · ${result.model}` : ''} · ${result.latency_ms} ms`;
  return result.ok ? (
    <Alert severity="success" sx={{ mt: 2 }} role="status">
      <AlertTitle>Provider answered ({who})</AlertTitle>
      {result.answer}
    </Alert>
  ) : (
    <Alert severity="error" sx={{ mt: 2 }} role="alert">
      <AlertTitle>
        Provider test failed{result.kind ? ` (${result.kind})` : ''} · {who}
      </AlertTitle>
      {result.error}
    </Alert>
  );
}
