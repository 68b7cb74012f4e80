import type { KeywordType, SeoKeyword, SeoKeywordCreateInput } from '@abp/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { usePhone } from '../../../../components/phone-rows';
import { addKeyword } from '../../api/add-keyword';
import { deleteKeyword } from '../../api/delete-keyword';
import { generateKeywords } from '../../api/generate-keywords';
import { updateKeyword } from '../../api/update-keyword';
import { keywordFailure } from '../../hooks/use-project-actions';
import { errorText } from '../../lib/errors';
import { AddKeywordForm } from './add-keyword-form';
import { KeywordFailure } from './keyword-failure';
import { KeywordRow } from './keyword-row';
import type { StepProps } from './step-props';

/** Read by screen readers, not shown (the phone's Actions column holds only its icons). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

const TABS: [KeywordType, string][] = [
  ['primary', 'Primary'],
  ['long-tail', 'Long-tail'],
  ['semantic', 'Semantic'],
];

/** Step 1: keyword research, the keyword tabs with inline edit and delete, and the add form. */
export function KeywordStep({ project, data, notify }: StepProps) {
  const [tab, setTab] = useState<KeywordType>('primary');
  const phone = usePhone();
  const [busy, setBusy] = useState(false);
  // Why the last research failed, in words, with the ways on (issue #37 point 6); null after a success.
  const [failure, setFailure] = useState<string | null>(null);
  const shown = data.keywords.filter((k) => k.keyword_type === tab);

  const generate = async () => {
    setBusy(true);
    try {
      const result = await generateKeywords({
        project_id: project.id,
        niche: project.niche,
        company_name: project.company_name,
        target_audience: project.target_audience,
      });
      setFailure(null);
      notify(
        `Generated ${result.summary.keywords_generated} keywords (${result.summary.keywords_added} new)`,
        'success',
      );
    } catch (error) {
      setFailure(errorText(error, 'unknown error'));
      notify(keywordFailure(error), 'error');
    } finally {
      setBusy(false);
      await data.refresh();
    }
  };
  const save = async (keyword: SeoKeyword, text: string) => {
    try {
      await updateKeyword(keyword.id, { keyword: text });
      await data.refresh();
      return true;
    } catch (error) {
      notify(`Failed to update keyword: ${errorText(error, 'unknown error')}`, 'error');
      return false;
    }
  };
  const remove = async (keyword: SeoKeyword) => {
    try {
      await deleteKeyword(keyword.id);
    } catch (error) {
      notify(`Failed to delete keyword: ${errorText(error, 'unknown error')}`, 'error');
    }
    await data.refresh();
  };
  // Keywords typed by hand when research failed: each a primary keyword; any one lets Next proceed.
  const addByHand = async (keywords: string[]) => {
    setBusy(true);
    try {
      for (const keyword of keywords)
        await addKeyword(project.id, {
          keyword,
          keyword_type: 'primary',
          intent_type: 'informational',
          competition_level: 'medium',
        });
      setFailure(null);
      return true;
    } catch (error) {
      notify(`Failed to add keyword: ${errorText(error, 'unknown error')}`, 'error');
      return false;
    } finally {
      setBusy(false);
      await data.refresh();
    }
  };
  const add = async (input: SeoKeywordCreateInput) => {
    try {
      await addKeyword(project.id, input);
      await data.refresh();
      return true;
    } catch (error) {
      notify(`Failed to add keyword: ${errorText(error, 'unknown error')}`, 'error');
      return false;
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Keyword Research
        </Typography>
        <Button variant="contained" onClick={() => void generate()} disabled={busy}>
          {busy ? 'Generating Keywords…' : 'Generate Keywords'}
        </Button>
      </Box>
      {busy && <LinearProgress sx={{ mt: 2 }} aria-label="Generating keywords" />}
      {failure !== null && (
        <KeywordFailure message={failure} busy={busy} onRetry={() => void generate()} onManual={addByHand} />
      )}
      {/* On a phone (issue #17 item 17) the tabs share the width and the table keeps to it: its
          columns fixed, its cells tight, long words broken rather than pushing the page sideways. */}
      <Tabs
        value={tab}
        onChange={(_, v: KeywordType) => setTab(v)}
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ mt: 2 }}
        aria-label="Keyword types"
      >
        {TABS.map(([type, label]) => (
          <Tab
            key={type}
            value={type}
            label={`${label} (${data.keywords.filter((k) => k.keyword_type === type).length})`}
            sx={phone ? { minWidth: 0, px: 0.5, textTransform: 'none' } : undefined}
          />
        ))}
      </Tabs>
      <Table
        size="small"
        aria-label={`${tab} keywords`}
        sx={
          phone
            ? {
                tableLayout: 'fixed',
                '& .MuiTableCell-root': { px: 0.5, fontSize: '0.8125rem', overflowWrap: 'break-word' },
                '& th:nth-of-type(2)': { width: '30%' },
                '& th:nth-of-type(3)': { width: '30%' },
                '& th:nth-of-type(4)': { width: 40 },
              }
            : undefined
        }
      >
        <TableHead>
          <TableRow>
            <TableCell>Keyword</TableCell>
            <TableCell>Intent</TableCell>
            <TableCell>Competition</TableCell>
            <TableCell align="right">
              {phone ? (
                <Box component="span" sx={VISUALLY_HIDDEN}>
                  Actions
                </Box>
              ) : (
                'Actions'
              )}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((keyword) => (
            <KeywordRow
              key={`${keyword.id}:${keyword.keyword}`}
              keyword={keyword}
              onSave={save}
              onDelete={(k) => void remove(k)}
            />
          ))}
          {shown.length === 0 && (
            <TableRow>
              <TableCell colSpan={4}>
                <Typography variant="body2" color="text.secondary">
                  No keywords of this type yet
                </Typography>
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <AddKeywordForm onAdd={add} />
    </Box>
  );
}
