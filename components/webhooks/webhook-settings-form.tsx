'use client';
// The webhook's URL and the customer's own authentication. Secret values already stored are never sent back
// to the browser: leaving their field empty keeps them.
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useTRPC } from '@/components/providers/trpc-provider';
import { useFormMutation } from '@/components/ui/use-submit-once';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage, fieldErrorsOf, formErrorOf } from '@/components/ui/errors';
import { FormError, TextField } from '@/components/ui/field';
import type { WebhookView } from '@/server/webhooks/config';

type AuthType = 'none' | 'header' | 'oauth2';

const AUTH_CHOICES: { value: AuthType; label: string; hint: string }[] = [
  {
    value: 'none',
    label: 'Signature only',
    hint: 'Verify the webhook-signature header; nothing else is added.',
  },
  { value: 'header', label: 'Static header', hint: 'An API key of yours sent in a header you name.' },
  {
    value: 'oauth2',
    label: 'OAuth2 client credentials',
    hint: 'We fetch a token from your token URL and send it as a Bearer token.',
  },
];

export function WebhookSettingsForm({
  questionnaireId,
  webhook,
  allowPrivateUrls,
  onCreated,
}: {
  questionnaireId: string;
  webhook: WebhookView | null;
  /** The deployment's WEBHOOK_ALLOW_PRIVATE_URLS, so the hint says what saving will check. */
  allowPrivateUrls: boolean;
  /** The signing secret of a webhook that was just created (shown once here, revealable later). */
  onCreated: (secret: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const auth = webhook?.auth;
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [authType, setAuthType] = useState<AuthType>(auth?.type ?? 'none');
  const [headerName, setHeaderName] = useState(auth?.type === 'header' ? auth.name : '');
  const [headerValue, setHeaderValue] = useState('');
  const [tokenUrl, setTokenUrl] = useState(auth?.type === 'oauth2' ? auth.tokenUrl : '');
  const [clientId, setClientId] = useState(auth?.type === 'oauth2' ? auth.clientId : '');
  const [clientSecret, setClientSecret] = useState('');
  const [audience, setAudience] = useState(auth?.type === 'oauth2' ? (auth.audience ?? '') : '');
  const [scope, setScope] = useState(auth?.type === 'oauth2' ? (auth.scope ?? '') : '');
  // The webhook as this form opened it (null: there was none), moved on by its own saves only: a change made
  // elsewhere meanwhile refuses the save instead of being overwritten by it.
  const [editVersion, setEditVersion] = useState(webhook?.editVersion ?? null);

  const save = useFormMutation(
    trpc.webhook.configure.mutationOptions({
      onSuccess: async (result) => {
        setEditVersion(result.webhook.editVersion);
        setHeaderValue('');
        setClientSecret('');
        toast.success(webhook ? 'Webhook settings saved' : 'Webhook created');
        if (result.secret) onCreated(result.secret);
        await queryClient.invalidateQueries(trpc.webhook.get.queryFilter({ questionnaireId }));
      },
      onError: (error) => {
        if (!Object.values(fieldErrorsOf(error)).some(Boolean)) toast.error(errorMessage(error));
      },
    }),
  );
  const errors = fieldErrorsOf(save.error);
  const storedHeaderValue = auth?.type === 'header' && auth.hasValue;
  const storedClientSecret = auth?.type === 'oauth2' && auth.hasClientSecret;

  function submit(event: FormEvent) {
    event.preventDefault();
    save.submit({
      questionnaireId,
      url,
      authType,
      editVersion,
      ...(authType === 'header' ? { headerName, headerValue } : {}),
      ...(authType === 'oauth2' ? { tokenUrl, clientId, clientSecret, audience, scope } : {}),
    });
  }

  return (
    <Card
      title="Endpoint"
      description="Where results are sent (HTTP POST, JSON), and how your endpoint knows it is us."
    >
      <form onSubmit={submit} noValidate className="space-y-5" aria-label="Webhook settings">
        <FormError message={formErrorOf(save.error)} />
        <TextField
          label="Webhook URL"
          type="url"
          inputMode="url"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={errors.url}
          placeholder="https://example.com/webhooks/results"
          hint={
            allowPrivateUrls
              ? 'http or https; private and local addresses are allowed on this server (WEBHOOK_ALLOW_PRIVATE_URLS). No #fragment; redirects are not followed.'
              : 'Must be https and reachable from the internet. No #fragment; redirects are not followed.'
          }
          autoComplete="off"
          spellCheck={false}
        />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Authentication</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-3">
            {AUTH_CHOICES.map((choice) => (
              <label
                key={choice.value}
                className={`flex cursor-pointer items-start gap-3 rounded-md p-3 ring-1 hover:bg-slate-50 ${
                  authType === choice.value ? 'ring-2 ring-brand-600' : 'ring-slate-200'
                }`}
              >
                <input
                  type="radio"
                  name="authType"
                  value={choice.value}
                  className="mt-0.5 h-4 w-4 border-slate-300 text-brand-600"
                  checked={authType === choice.value}
                  onChange={() => setAuthType(choice.value)}
                />
                <span className="text-sm">
                  <span className="font-medium text-slate-900">{choice.label}</span>
                  <span className="block text-slate-500">{choice.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        {authType === 'header' && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="Header name"
              value={headerName}
              onChange={(e) => setHeaderName(e.target.value)}
              error={errors.headerName}
              placeholder="X-Api-Key"
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              label="Header value"
              type="password"
              value={headerValue}
              onChange={(e) => setHeaderValue(e.target.value)}
              error={errors.headerValue}
              hint={storedHeaderValue ? 'A value is stored. Leave empty to keep it.' : 'Stored encrypted.'}
              autoComplete="new-password"
            />
          </div>
        )}

        {authType === 'oauth2' && (
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label="Token URL"
              type="url"
              inputMode="url"
              value={tokenUrl}
              onChange={(e) => setTokenUrl(e.target.value)}
              error={errors.tokenUrl}
              placeholder="https://auth.example.com/oauth/token"
              className="sm:col-span-2"
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              label="Client ID"
              value={clientId}
              onChange={(e) => setClientId(e.target.value)}
              error={errors.clientId}
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              label="Client secret"
              type="password"
              value={clientSecret}
              onChange={(e) => setClientSecret(e.target.value)}
              error={errors.clientSecret}
              hint={storedClientSecret ? 'A secret is stored. Leave empty to keep it.' : 'Stored encrypted.'}
              autoComplete="new-password"
            />
            <TextField
              label="Audience"
              value={audience}
              onChange={(e) => setAudience(e.target.value)}
              error={errors.audience}
              hint="Optional: the API identifier your token server expects."
              autoComplete="off"
              spellCheck={false}
            />
            <TextField
              label="Scope"
              value={scope}
              onChange={(e) => setScope(e.target.value)}
              error={errors.scope}
              hint="Optional, space-separated."
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        )}

        <Button type="submit" loading={save.busy}>
          {webhook ? 'Save settings' : 'Create webhook'}
        </Button>
      </form>
    </Card>
  );
}
