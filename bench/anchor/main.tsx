/**
 * The anchor of the first-pages benchmark: the least a React + Mantine sign-in page can be (Mantine's whole
 * stylesheet, a provider, a form of two inputs and a button; no router, state machine, store or texts).
 * The product's pages are measured beside it in the same run, so a slow machine shows in both.
 */
import '@mantine/core/styles.css';
import { Button, MantineProvider, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function SignIn() {
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" maw={440} mx="auto" mt="xl">
      <form onSubmit={(event) => event.preventDefault()}>
        <Stack>
          <Title order={2}>Sign in</Title>
          <Text c="dimmed" size="sm">
            Use the e-mail address and password of your account.
          </Text>
          <TextInput label="E-mail" type="email" required />
          <PasswordInput label="Password" required />
          <Button type="submit" fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <StrictMode>
    <MantineProvider>
      <SignIn />
    </MantineProvider>
  </StrictMode>,
);
