import { LLM_PROVIDER_LABELS, type ModelPrice } from '@abp/contracts';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatPerMillion } from '../lib/price-form';

/** The prices the app starts with; a price of your own for the same model replaces one. */
export function DefaultPricesTable({ prices }: { prices: ModelPrice[] }) {
  return (
    <Accordion disableGutters variant="outlined" sx={{ mt: 2 }}>
      <AccordionSummary aria-controls="default-prices" id="default-prices-summary">
        <Typography variant="body2">{`Built-in prices (${prices.length})`}</Typography>
      </AccordionSummary>
      <AccordionDetails id="default-prices" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Built-in prices">
          <TableHead>
            <TableRow>
              <TableCell>Provider</TableCell>
              <TableCell>Model</TableCell>
              <TableCell align="right">Input / 1M</TableCell>
              <TableCell align="right">Output / 1M</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {prices.map((price) => (
              <TableRow key={`${price.provider}/${price.model}`}>
                <TableCell>{LLM_PROVIDER_LABELS[price.provider].split(' (')[0]}</TableCell>
                <TableCell>{price.model}</TableCell>
                <TableCell align="right">{formatPerMillion(price.input_per_million)}</TableCell>
                <TableCell align="right">{formatPerMillion(price.output_per_million)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </AccordionDetails>
    </Accordion>
  );
}
