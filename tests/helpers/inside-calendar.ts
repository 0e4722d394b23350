/**
 * A calendar server on loopback, an address inside the network, that records each request it is asked
 * ("METHOD url"): for tests that prove the site never asked it (`asked` stays empty) until
 * CALENDAR_ALLOW_HOSTS lets it through. It answers every request with an empty calendar named `name`.
 */
export function insideCalendar(name = 'Inside') {
  const asked: string[] = [];
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(request) {
      asked.push(`${request.method} ${request.url}`);
      return new Response(['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//EN', `X-WR-CALNAME:${name}`, 'END:VCALENDAR', ''].join('\r\n'), {
        headers: { 'content-type': 'text/calendar' },
      });
    },
  });
  return { asked, port: server.port, stop: () => server.stop(true) };
}
