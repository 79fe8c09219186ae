// Code shown to customers on /docs/webhooks (a test runs the receiver example against signed deliveries).

export const RECEIVER_EXAMPLE = `import http from 'node:http';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET); // whsec_…
const seen = new Set(); // keep processed webhook-ids in your database in production

http
  .createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      // Verify the raw body exactly as received, before parsing it.
      const body = Buffer.concat(chunks).toString('utf8');
      let event;
      try {
        event = webhook.verify(body, req.headers);
      } catch {
        res.writeHead(400).end('invalid signature');
        return;
      }
      const id = req.headers['webhook-id'];
      if (!seen.has(id)) {
        seen.add(id);
        console.log(\`\${event.callback_type}: \${event.interview_ref_num} \${event.status}\`);
      }
      res.writeHead(204).end();
    });
  })
  .listen(process.env.PORT ?? 8080);`;

export const MANUAL_VERIFICATION = `signed_content = webhook_id + "." + webhook_timestamp + "." + raw_body
key             = base64_decode(secret without its "whsec_" prefix)
expected        = base64(HMAC_SHA256(key, signed_content))
valid           = any "v1,<signature>" in webhook-signature (space-separated)
                  equals "v1," + expected (compared in constant time)
                  and |now - webhook_timestamp| <= 5 minutes`;

export const PAYLOAD_EXAMPLE = `{
  "project_uuid": "3f1c2a9e-8d4b-4c1e-9a57-2b6f0e8d1c44",
  "callback_type": "Result Update",
  "access_code": "7KQ4-M2XP",
  "interview_ref_num": "IRN-100234",
  "status": "Result Published",
  "questions_risk_rating": [
    { "sequence": "1", "risk_level": "LR", "text": "Question one" },
    { "sequence": "2", "risk_level": "HR", "text": null, "note": "Follow up" }
  ],
  "overall_evaluation": "HR",
  "is_admission": false,
  "is_counter_measure": true,
  "is_not_complete": false,
  "participant_language": "English",
  "summary": "HR",
  "summary_bgcolor": "#dc3545",
  "clear": false,
  "timestamp": "2026-11-22T14:03:05Z"
}`;

export const HEADERS_EXAMPLE = `POST /webhooks/results HTTP/1.1
content-type: application/json
user-agent: PAIS-Webhooks/1.0
webhook-id: msg_2KWPBgLlAfxdpx2AI54pPJ85f4W
webhook-timestamp: 1795356185
webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=`;
