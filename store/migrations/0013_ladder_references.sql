-- 0012: the built-in levels' fixed ratings on the bot ladder, measured
-- (docs/benchmarks.md, "The ladder's references"): the levels and the
-- first-legal player played each other in ladder games, rated with the
-- ladder's model, and the scale placed with normal at 25, a newcomer's mu.
-- The marks 0011 chose (17, 21, 25 and 29, sigma 1) spread the levels half
-- as wide again as their games do. (The reservation of this round names this step
-- 0013, after the screen-reader setting's 0012: renumbered at merge.)
UPDATE ladder SET mu = 20.2, sigma = 0.6 WHERE player = 'bot:beginner';
UPDATE ladder SET mu = 24.0, sigma = 0.6 WHERE player = 'bot:easy';
UPDATE ladder SET mu = 25.0, sigma = 0.6 WHERE player = 'bot:normal';
UPDATE ladder SET mu = 27.9, sigma = 0.6 WHERE player = 'bot:hard';
