package names

import (
	"strings"

	"github.com/mtibben/confusables"
	"golang.org/x/text/secure/precis"
	"golang.org/x/text/unicode/norm"
)

// Key is the form under which a name is reserved and compared: equal for
// two names in different letter case, or that look alike (Unicode TR39
// confusables). Any text has a key, valid name or not, so that a look-up
// of what a player typed finds the name it looks like.
func Key(s string) string { return skeletonKey(Fold(s)) }

// Fold is s in its PRECIS UsernameCaseMapped form (lower case, NFC); text
// the profile refuses is folded as well as it can be (lower case, NFC).
func Fold(s string) string {
	if f, err := precis.UsernameCaseMapped.String(s); err == nil {
		return f
	}
	return norm.NFC.String(strings.ToLower(s))
}

// skeletonKey is the TR39 skeleton of a folded name, folded to lower case
// again and skeletoned once more: the skeleton maps some characters to a
// capital ("0" to "O"), which a name in lower case could never match
// otherwise ("b0b" and "bob").
func skeletonKey(fold string) string {
	return confusables.Skeleton(strings.ToLower(confusables.Skeleton(fold)))
}
