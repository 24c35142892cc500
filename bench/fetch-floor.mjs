// The scale floor: fetch every page of the alerts search and JSON.parse it, nothing else, in a
// process of its own. Page 1 first (it gives the total), then every other page, 32 in flight.
//   node bench/fetch-floor.mjs <api-url> <token-id> <token-secret> <repository-id> <page-size>
const [url, tokenId, tokenSecret, repositoryId, pageSizeText] = process.argv.slice(2);
const pageSize = Number(pageSizeText);
const headers = {
  'Content-Type': 'application/json',
  'X-Service-API-Token-Id': tokenId,
  'X-Service-API-Token-Secret': tokenSecret,
};
const page = async (n) => {
  const response = await fetch(`${url}/api/v1/sca/alerts/search`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ repositoryIds: [repositoryId], page: n, pageSize }),
  });
  return JSON.parse(await response.text());
};
const first = await page(1);
const last = Math.ceil(first.totalCount / first.pageSize);
let next = 2;
let read = first.alerts.length;
await Promise.all(
  Array.from({ length: 32 }, async () => {
    while (next <= last) {
      const { alerts } = await page(next++);
      read += alerts.length;
    }
  }),
);
if (read !== first.totalCount) throw new Error(`read ${read} of ${first.totalCount}`);
