import { ApiKeysPage } from '@/components/api-keys/api-keys-page';

export const metadata = { title: 'API keys' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <ApiKeysPage questionnaireId={id} />;
}
