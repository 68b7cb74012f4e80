import { addTopic, BLOG_CONFIG_LIMITS, topicKey } from '@abp/contracts';
import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';

interface TopicsFieldProps {
  topics: string[];
  onChange: (topics: string[]) => void;
  error?: string;
}

/** Spec §5: topics are added with Enter or Add, trimmed, and a duplicate is not added. */
export function TopicsField({ topics, onChange, error }: TopicsFieldProps) {
  const [draft, setDraft] = useState('');
  const [note, setNote] = useState<string | null>(null);

  const add = () => {
    const topic = draft.trim();
    if (!topic) return;
    const isDuplicate = topics.some((t) => topicKey(t) === topicKey(topic));
    if (!isDuplicate) onChange(addTopic(topics, topic));
    setNote(isDuplicate ? `"${topic}" is already in the list` : null);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter adds the topic; it must not submit the dialog.
    event.preventDefault();
    add();
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          label="Add Topic"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          fullWidth
          error={Boolean(error)}
          slotProps={{ htmlInput: { maxLength: BLOG_CONFIG_LIMITS.topic.maxLength } }}
        />
        <Button variant="outlined" onClick={add} disabled={!draft.trim()} sx={{ mt: 1 }}>
          Add
        </Button>
      </Stack>
      <FormHelperText error={Boolean(error)} sx={{ mx: 1.75 }}>
        {error ?? note ?? 'Press Enter or click Add. Every topic is used once before any repeats.'}
      </FormHelperText>
      {topics.length > 0 && (
        <Box role="list" aria-label="Topics" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {topics.map((topic) => (
            <Chip
              key={topic}
              role="listitem"
              label={topic}
              onDelete={() => onChange(topics.filter((t) => t !== topic))}
              deleteIcon={<CancelIcon aria-label={`Remove topic ${topic}`} />}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
