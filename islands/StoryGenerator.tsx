import { StoryGeneratorPanel } from '../components/story/StoryGeneratorPanel.tsx';

/** /social-generator: the story generator with manual input. */
export default function StoryGenerator() {
  return (
    <div>
      <StoryGeneratorPanel post={null} />
    </div>
  );
}
