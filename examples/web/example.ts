/**
 * The page's example: janko.at Hitori 037 (17x17, https://www.janko.at/Raetsel/Hitori/037.a.htm,
 * the same puzzle as examples/janko-037.txt) as a puzz.link URL, the form people share.
 */
export const janko037 =
  'https://puzz.link/p?hitori/17/17/g295h146dh3cb8bfa33f27668615g44ba74f51cd368b39dabe781b1d776c92caeh576faaa26d68hg1b73ced42abc99553fe78g8hd22873a764e57cgaghhhc5e1794392bg31e863abg7f457892f7fc33bhe2gag9g677d6d5gc2131bce8d9ea999f1c7888g2hd6de12g996hce52f4d8c9eb878f86e2cd9159ca684fb1gg89hehdb88e4e2799c1h6dh3148gchd834de7b9hf';
