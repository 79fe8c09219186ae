import { docsAsset } from '@/server/doors/rest/docs';

export const dynamic = 'force-dynamic';

export async function GET(
  _req: Request,
  { params }: { params: Promise<{ asset: string }> },
): Promise<Response> {
  return docsAsset((await params).asset);
}
