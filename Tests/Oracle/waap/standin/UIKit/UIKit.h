/* Stand-in for UIKit: declares only the classes WAAppRouting's signatures name, so its
   Foundation-only files compile against GNUstep Base. Nothing here draws anything. */
#ifndef WAORACLE_UIKIT_STANDIN_H
#define WAORACLE_UIKIT_STANDIN_H
#import <Foundation/Foundation.h>

@interface UIViewController : NSObject
@end
@interface UINavigationController : UIViewController
@end
@interface UITabBarController : UIViewController
@end
#endif
