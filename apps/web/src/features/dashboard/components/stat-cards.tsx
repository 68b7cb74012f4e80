import type { Dashboard } from '@abp/contracts';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';

/** The four stat cards of spec part 1. */
export function StatCards({ data }: { data: Dashboard }) {
  const cards = [
    { title: 'Total Articles', value: data.totalArticles },
    { title: 'Published', value: data.publishedArticles },
    { title: 'Recent Articles', value: data.recent_articles, subtitle: 'Last 7 days' },
    { title: 'Trends Processed', value: data.trend_stats.total_processed },
  ];
  return (
    <Grid container spacing={2} sx={{ mb: 3 }}>
      {cards.map((card) => (
        <Grid key={card.title} size={{ xs: 12, sm: 6, md: 3 }}>
          <Card component="section" aria-label={card.title} sx={{ height: '100%' }}>
            <CardContent>
              <Typography color="text.secondary" gutterBottom>
                {card.title}
              </Typography>
              <Typography variant="h4" component="p">
                {card.value.toLocaleString()}
              </Typography>
              {card.subtitle && (
                <Typography variant="body2" color="text.secondary">
                  {card.subtitle}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
