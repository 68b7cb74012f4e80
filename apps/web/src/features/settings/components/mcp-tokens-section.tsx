import { MCP_LIMITS, MCP_TEXT, type McpToken, type McpTokenCreated } from '@abp/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateTime } from '../../../components/date-time';
import { useCreatedMcpToken, useCreateMcpToken } from '../api/create-mcp-token';
import { useMcpTokens } from '../api/mcp-tokens';
import { useRevokeMcpToken } from '../api/revoke-mcp-token';
import { SettingsCard } from './settings-card';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : 'Unknown error');

/** The new token, this once, with what an assistant's configuration needs: the URL and the header. */
function CreatedToken({
  created,
  endpoint,
  onDone,
}: {
  created: McpTokenCreated;
  endpoint: string | null;
  onDone: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      enqueueSnackbar('Token copied', { variant: 'success' });
    } catch {
      enqueueSnackbar('Could not copy: select the token and copy it by hand', { variant: 'error' });
    }
  };
  return (
    <Alert severity="success" sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flexGrow: 1 } }}>
      <Typography variant="body2" fontWeight={600}>
        {`Token "${created.name}" created. ${MCP_TEXT.shownOnce}`}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
        <Box
          component="code"
          aria-label="The new token"
          sx={{ overflowWrap: 'anywhere', fontFamily: 'monospace', bgcolor: 'action.hover', p: 0.5, borderRadius: 1 }}
        >
          {created.token}
        </Box>
        <Button size="small" variant="outlined" onClick={() => void copy()}>
          Copy
        </Button>
        <Button size="small" onClick={onDone}>
          Done
        </Button>
      </Box>
      <Typography variant="body2">To connect an assistant (Streamable HTTP), give it:</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, overflowWrap: 'anywhere' }}>
        <li>
          URL: <code>{endpoint ?? 'http://127.0.0.1:<MCP_PORT>/mcp'}</code>
        </li>
        <li>
          Header: <code>{`Authorization: Bearer ${created.token}`}</code>
        </li>
      </Box>
    </Alert>
  );
}

function TokenRow({ token, onRevoke }: { token: McpToken; onRevoke: (token: McpToken) => void }) {
  return (
    <ListItem
      divider
      disableGutters
      secondaryAction={
        <Button color="error" size="small" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      }
      sx={{ pr: 10 }}
    >
      <ListItemText
        primary={token.name}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
        secondary={
          <>
            Created <DateTime value={token.created_at} /> ·{' '}
            {token.last_used_at ? (
              <>
                last used <DateTime value={token.last_used_at} as="relative" />
              </>
            ) : (
              'never used'
            )}
          </>
        }
      />
    </ListItem>
  );
}

/** Settings → Assistants (MCP): tokens for the MCP server (issue #33 section 6): create (shown once), list, revoke. */
export function McpTokensSection() {
  const { enqueueSnackbar } = useSnackbar();
  const create = useCreateMcpToken();
  const revoke = useRevokeMcpToken();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const { created, forget } = useCreatedMcpToken();
  const [revoking, setRevoking] = useState<McpToken | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('A name is required (e.g. the assistant it is for)');
    setNameError(null);
    try {
      await create.mutateAsync({ name: trimmed });
      setName('');
    } catch (error) {
      enqueueSnackbar(`Failed to create the token: ${messageOf(error)}`, { variant: 'error' });
    }
  };
  const confirmRevoke = async () => {
    const token = revoking;
    setRevoking(null);
    if (!token) return;
    try {
      await revoke.mutateAsync(token.id);
      if (created?.id === token.id) forget();
      enqueueSnackbar(`Token "${token.name}" revoked`, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(`Failed to revoke the token: ${messageOf(error)}`, { variant: 'error' });
    }
  };

  return (
    <SettingsCard
      id="mcp-tokens"
      title={MCP_TEXT.sectionTitle}
      description={MCP_TEXT.intro}
      query={useMcpTokens()}
      loadingLabel="Loading assistant tokens"
      errorText="Failed to load assistant tokens"
    >
      {(data) => (
        <>
          {data.endpoint ? (
            <Typography variant="body2" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
              The MCP server listens at <code>{data.endpoint}</code> (this machine only).
            </Typography>
          ) : (
            <Alert severity="info" sx={{ mb: 2 }}>
              {MCP_TEXT.off}
            </Alert>
          )}
          {created && <CreatedToken created={created} endpoint={data.endpoint} onDone={forget} />}
          <Box
            component="form"
            onSubmit={(event) => void submit(event)}
            noValidate
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', mb: 2 }}
          >
            <TextField
              size="small"
              label="Token name"
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={nameError !== null}
              helperText={nameError ?? 'Which assistant it is for, to recognise it later'}
              slotProps={{ htmlInput: { maxLength: MCP_LIMITS.tokenName } }}
              sx={{ flex: '1 1 16rem' }}
            />
            <Button type="submit" variant="contained" disabled={create.isPending}>
              Create token
            </Button>
          </Box>
          {data.tokens.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No tokens yet: no assistant can connect.
            </Typography>
          ) : (
            <List aria-label="Assistant tokens" dense>
              {data.tokens.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={setRevoking} />
              ))}
            </List>
          )}
          <ConfirmDialog
            open={revoking !== null}
            title="Revoke token"
            subject={revoking?.name}
            message={revoking ? MCP_TEXT.revokeConfirm(revoking.name) : ''}
            confirmLabel="Revoke"
            confirmColor="error"
            onConfirm={() => void confirmRevoke()}
            onCancel={() => setRevoking(null)}
          />
        </>
      )}
    </SettingsCard>
  );
}
