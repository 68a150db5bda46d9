import { addPlayableClip } from './clips';
import { apiAs, createAccount, test } from './fixtures';
import { expectPlaysWithCue, SRT } from './player-checks';

test('a Completed file plays in its player page: time advances and a subtitle cue shows', async ({ page, request }) => {
  const api = await apiAs(request, createAccount(0));
  const { slug } = await addPlayableClip(request, api.apiKey, { title: 'Player test clip', subtitles: { en: SRT } });
  await expectPlaysWithCue(page, `/player/${slug}`);
});
