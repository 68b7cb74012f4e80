import type { GettingStartedStep } from '@abp/contracts';
import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useGettingStarted } from '../api/get-getting-started';
import { useKeepDemoWriter } from '../api/keep-demo-writer';

/** The operator's "hide" is remembered by this browser (the checklist itself comes from the server). */
export const GETTING_STARTED_DISMISSED_KEY = 'abp.getting-started.dismissed';

/** Each step's words and where it is done (issue #37 point 4). */
export const GETTING_STARTED_TEXT: Record<
  GettingStartedStep,
  { title: string; hint: string; to: string; action: string }
> = {
  site: {
    title: 'Add a WordPress site',
    hint: 'Its address and an application password: articles go there.',
    to: '/sites',
    action: 'Add a site',
  },
  writer: {
    title: 'Choose a model, or keep the demo writer',
    hint: 'The built-in demo writer needs no account; a model writes real articles.',
    to: '/settings#llm-settings',
    action: 'Choose a model',
  },
  article: {
    title: 'Write your first article',
    hint: 'One article on a topic you give, kept as a draft or published.',
    to: '/manual',
    action: 'Write an article',
  },
  schedule: {
    title: 'Set up your first schedule',
    hint: 'Topics and a posting interval: articles then come on their own.',
    to: '/config',
    action: 'Create a schedule',
  },
};

function readDismissed(): boolean {
  try {
    return window.localStorage.getItem(GETTING_STARTED_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The Dashboard's first-run checklist: ticked by the server, hidden once all is done or when dismissed. */
export function GettingStartedCard() {
  const [dismissed, setDismissed] = useState(readDismissed);
  const checklist = useGettingStarted(!dismissed);
  const keepDemo = useKeepDemoWriter();
  const { enqueueSnackbar } = useSnackbar();
  if (dismissed || !checklist.data || checklist.data.complete) return null;
  const steps = checklist.data.steps;
  const doneCount = steps.filter((step) => step.done).length;

  const dismiss = () => {
    try {
      window.localStorage.setItem(GETTING_STARTED_DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: hidden until the next visit.
    }
    setDismissed(true);
  };
  const keepDemoWriter = async () => {
    try {
      await keepDemo.mutateAsync();
      enqueueSnackbar('The demo writer is kept: articles are written offline', { variant: 'success' });
    } catch {
      enqueueSnackbar('Failed to keep the demo writer', { variant: 'error' });
    }
  };

  return (
    <Card component="section" aria-labelledby="getting-started-title" sx={{ mb: 3 }}>
      <CardContent>
        <Box
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: 1, justifyContent: 'space-between' }}
        >
          <Typography id="getting-started-title" variant="h6" component="h2">
            Getting started
          </Typography>
          <Typography variant="body2" color="text.secondary">{`${doneCount} of ${steps.length} done`}</Typography>
        </Box>
        <List aria-label="Getting started steps">
          {steps.map(({ id, done }) => {
            const text = GETTING_STARTED_TEXT[id];
            return (
              <ListItem key={id} disableGutters alignItems="flex-start" data-step={id}>
                <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                  {done ? (
                    <CheckCircle color="success" titleAccess="Done" />
                  ) : (
                    <RadioButtonUnchecked color="disabled" titleAccess="To do" />
                  )}
                </ListItemIcon>
                <ListItemText
                  primary={text.title}
                  slotProps={{
                    primary: { sx: done ? { textDecoration: 'line-through', color: 'text.secondary' } : undefined },
                    secondary: { component: 'div' },
                  }}
                  secondary={
                    done ? (
                      'Done'
                    ) : (
                      <>
                        <Box component="span" sx={{ display: 'block' }}>
                          {text.hint}
                        </Box>
                        <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 0.5 }}>
                          <Link component={RouterLink} to={text.to}>
                            {text.action}
                          </Link>
                          {id === 'writer' && (
                            <Link
                              component="button"
                              type="button"
                              onClick={() => void keepDemoWriter()}
                              disabled={keepDemo.isPending}
                              sx={{ verticalAlign: 'baseline' }}
                            >
                              Keep the demo writer
                            </Link>
                          )}
                        </Box>
                      </>
                    )
                  }
                />
              </ListItem>
            );
          })}
        </List>
        <Button size="small" color="inherit" onClick={dismiss}>
          Hide this checklist
        </Button>
      </CardContent>
    </Card>
  );
}
