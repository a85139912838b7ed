import { Text, Tooltip, type TextProps } from '@mantine/core';
import { useState } from 'react';

interface TruncatedTextProps extends Omit<TextProps, 'truncate' | 'children'> {
  text: string;
  /** The widest the text may get before it is cut, in px. */
  maw: number;
}

/** One line, cut with an ellipsis when too long for its column (a 200-character name); hovering shows it whole. */
export function TruncatedText({ text, maw, ...props }: TruncatedTextProps): React.JSX.Element {
  const [opened, setOpened] = useState(false);
  return (
    <Tooltip label={text} opened={opened} multiline w={420} styles={{ tooltip: { overflowWrap: 'anywhere' } }}>
      <Text
        inherit
        truncate="end"
        maw={maw}
        onMouseEnter={(event) => setOpened(event.currentTarget.scrollWidth > event.currentTarget.clientWidth)}
        onMouseLeave={() => setOpened(false)}
        {...props}
      >
        {text}
      </Text>
    </Tooltip>
  );
}
