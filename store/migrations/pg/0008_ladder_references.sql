-- 0007: the built-in levels' fixed ratings on the bot ladder, measured
-- (SQLite's step 0012; docs/benchmarks.md, "The ladder's references").
-- (The reservation of this round names this step 0008, after the
-- screen-reader setting's 0007: renumbered at merge.)
UPDATE ladder SET mu = 20.2, sigma = 0.6 WHERE player = 'bot:beginner';
UPDATE ladder SET mu = 24.0, sigma = 0.6 WHERE player = 'bot:easy';
UPDATE ladder SET mu = 25.0, sigma = 0.6 WHERE player = 'bot:normal';
UPDATE ladder SET mu = 27.9, sigma = 0.6 WHERE player = 'bot:hard';
