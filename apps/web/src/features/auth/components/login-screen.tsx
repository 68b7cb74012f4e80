import { APP_TITLE } from '@abp/contracts';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOGIN_TEXT } from '../lib/login-messages';
import { LoginForm } from './login-form';

/** Shown instead of every route while the operator is not signed in. */
export function LoginScreen({ notice }: { notice?: string | undefined } = {}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'grid',
        placeItems: 'center',
        p: 2,
        background: (theme) =>
          `linear-gradient(160deg, ${theme.palette.primary.dark} 0%, ${theme.palette.background.default} 55%)`,
      }}
    >
      <Card sx={{ width: '100%', maxWidth: 420, boxShadow: 6 }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Stack spacing={3}>
            <Stack spacing={1} sx={{ alignItems: 'center', textAlign: 'center' }}>
              <Avatar sx={{ bgcolor: 'primary.main', width: 48, height: 48 }}>
                <LockOutlined />
              </Avatar>
              <Typography variant="h5" component="h1">
                {APP_TITLE}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                Sign in with the operator password to continue.
              </Typography>
            </Stack>
            {notice && (
              <Alert severity="info" role="status">
                {notice}
              </Alert>
            )}
            <LoginForm />
            <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
              {LOGIN_TEXT.footer}
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Box>
  );
}
