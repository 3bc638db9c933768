// Package names is what a nickname may be, and when two are one name.
//
// A nickname is 2 to 16 letters of any script, digits, '-' and '_', each
// one terminal cell wide (a letter may carry up to two accents). Check
// says whether a typed name is one, and if not, why, worded for the player:
// nothing is ever dropped or changed silently, so the name a player sees is
// the name they typed (in Unicode's composed form, NFC, which looks the
// same).
//
// Two names are one when their Key is equal: the name's PRECIS form (RFC
// 8265's UsernameCaseMapped profile, so letter case does not count) taken
// to its Unicode TR39 skeleton, so that look-alikes from other scripts
// (Cyrillic "аna" and Latin "ana") or digits ("b0b" and "bob") do too.
// The store reserves names by their key; the lobby compares the names of
// the players online by it.
//
//	n, err := names.Check("Zoë") // n.Display == "Zoë", n.Fold == "zoë"
//	names.Key("аna") == names.Key("ANA") // true
package names
